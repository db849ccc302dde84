import { ImageUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES, LOGO_RECOMMENDED_PX, type Organization } from '@kontor/domain/organization';
import { FilePicker } from '@/components/file-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSignedLogoUrl } from '../../api/get-signed-logo-url';
import { checkLogoFile, useUploadLogo } from '../../api/upload-logo';

const MAX_MB = LOGO_MAX_BYTES / (1024 * 1024);
const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

/** Choose a logo, see it, upload it. Type and size are checked here too, with the server's messages. */
export function LogoUpload({ organization }: { organization: Organization }) {
  const { t } = useTranslation(['organization', 'errors']);
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const current = useSignedLogoUrl(organization.id, organization.hasLogo);
  const upload = useUploadLogo(organization.id);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (chosen: File | undefined) => {
    setFile(null);
    setPreview(null);
    setProblem(undefined);
    if (!chosen) return;
    const issue = checkLogoFile(chosen);
    if (issue === 'logo_invalid_type') return setProblem(t('errors:logo_invalid_type'));
    if (issue === 'logo_too_large') return setProblem(t('errors:logo_too_large', { maxMb: MAX_MB }));
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const submit = () => {
    if (!file) return setProblem(t('errors:logo_missing'));
    upload.mutate(file, {
      onSuccess: () => {
        notifySuccess(t('organization:general.logo.uploaded'));
        setFile(null);
        setPreview(null);
      },
      onError: (error) => notifyError(error, t('organization:general.logo.uploadFailed')),
    });
  };

  const shown = preview ?? (organization.hasLogo ? current.data?.url : null);
  const fieldId = `${id}-logo`;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('organization:general.logo.title')}</CardTitle>
        <CardDescription>{t('organization:general.logo.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-6 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <div className="flex size-32 items-center justify-center overflow-hidden rounded-lg border border-dashed border-border bg-muted">
          {shown ? (
            <img
              src={shown}
              alt={preview ? t('organization:general.logo.previewAlt') : t('organization:general.logo.currentAlt')}
              className="size-full object-contain"
            />
          ) : (
            <ImageUp aria-hidden="true" className="size-8 text-muted-foreground" />
          )}
        </div>
        <FormField
          id={fieldId}
          label={t('organization:general.logo.fileLabel')}
          hint={t('organization:general.logo.hint', { maxMb: MAX_MB, px: LOGO_RECOMMENDED_PX })}
          error={problem}
        >
          <FilePicker
            accept={LOGO_ACCEPT}
            onFile={choose}
            chooseText={t('organization:general.logo.choose')}
            chosenName={file?.name ?? null}
            {...fieldAria(fieldId, { error: problem, hint: true })}
          />
        </FormField>
      </CardContent>
      <CardFooter>
        <Button onClick={submit} isLoading={upload.isPending} disabled={!file}>
          {t('organization:general.logo.upload')}
        </Button>
      </CardFooter>
    </Card>
  );
}
