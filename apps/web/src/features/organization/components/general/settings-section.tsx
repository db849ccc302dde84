import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

export interface SettingsSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSaving: boolean;
  isDirty: boolean;
  children: ReactNode;
}

/** One card of the general settings: its own form and save button, so sections save independently. */
export function SettingsSection({ id, title, description, onSubmit, isSaving, isDirty, children }: SettingsSectionProps) {
  const { t } = useTranslation('common');
  return (
    <Card aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-5">{children}</CardContent>
        <CardFooter>
          <Button type="submit" isLoading={isSaving} disabled={!isDirty}>
            {t('actions.save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
