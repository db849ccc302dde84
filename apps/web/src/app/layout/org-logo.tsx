import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedLogoUrl } from '@/features/organization/api/get-signed-logo-url';
import { cn } from '@/lib/cn';
import { getInitials } from '@/lib/format';

/** The organisation's logo via its signed URL; initials when it has none, while loading, or when the image fails. */
export function OrgLogo({
  organizationId,
  name,
  hasLogo,
  className,
}: {
  organizationId: string;
  name: string;
  hasLogo: boolean;
  className?: string;
}) {
  const { t } = useTranslation('shell');
  const { data } = useSignedLogoUrl(organizationId, hasLogo);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = hasLogo ? data?.url : null;

  if (url && url !== failedUrl) {
    return (
      <img
        data-testid="org-logo"
        src={url}
        alt={t('orgLogoAlt', { name })}
        className={cn('size-9 shrink-0 rounded-md border border-border bg-white object-contain', className)}
        onError={() => {
          console.error('[organization] the logo image failed to load');
          setFailedUrl(url);
        }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-md bg-primary text-sm font-semibold text-primary-foreground',
        className,
      )}
    >
      {getInitials(name)}
    </span>
  );
}
