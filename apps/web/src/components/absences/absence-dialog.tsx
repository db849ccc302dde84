import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ABSENCE_NOTE_MAX_LENGTH,
  approvalAbsenceBodySchema,
  type ApprovalAbsence,
  type ApprovalAbsenceList,
} from '@kontor/domain/approvals/absences';
import { MemberSelect } from '@/components/member-select';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { TEXTAREA_CLASS } from '@/components/ui/textarea-class';
import { translateFieldMessage } from '@/lib/form-errors';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAbsenceMutations } from '@/lib/absences';

type Field = 'userId' | 'startsOn' | 'endsOn' | 'substituteId' | 'note';

interface AbsenceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What GET /approval-absences answered: the absences, the business day and the members. */
  data: ApprovalAbsenceList;
  /** The member whose absence it is; null lets the user pick one (team managers, in Settings). */
  userId: string | null;
  /** The absence being changed, if there is one. */
  absence: ApprovalAbsence | null;
  /** Whether it is the signed-in user's own absence (the texts say "you"). */
  isOwn: boolean;
}

/**
 * Enters or changes an absence: from, until, the substitute and a note. Checked with the server's
 * own schema before it is sent (the same messages), saved with a toast that says how many
 * waiting approvals went to the substitute; an existing absence can be removed here too.
 */
export function AbsenceDialog({ open, onOpenChange, data, userId, absence, isOwn }: AbsenceDialogProps) {
  // The rule messages come from the validation namespace: loaded with the dialog.
  const { t } = useTranslation(['absences', 'validation']);
  const locale = currentLocale();
  const { save, remove } = useAbsenceMutations();
  const [memberId, setMemberId] = useState<string | null>(userId);
  const [startsOn, setStartsOn] = useState<string | null>(absence?.startsOn ?? data.today);
  const [endsOn, setEndsOn] = useState<string | null>(absence?.endsOn ?? null);
  const [substituteId, setSubstituteId] = useState<string | null>(absence?.substituteId ?? null);
  const [note, setNote] = useState(absence?.note ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const substitutes = data.members.filter((member) => member.id !== memberId);

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (!memberId) found.userId = translateFieldMessage('required');
    const parsed = approvalAbsenceBodySchema(() => data.today).safeParse({
      startsOn: startsOn ?? '',
      endsOn: endsOn ?? '',
      substituteId: substituteId ?? '',
      note: note.trim() || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= translateFieldMessage(issue.message);
      }
    }
    setErrors(found);
    if (!memberId || !parsed.success || Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync({ userId: memberId, body: parsed.data });
      const texts = {
        name: saved.absence.userName,
        substitute: saved.absence.substituteName,
        from: formatDate(saved.absence.startsOn, locale),
        until: formatDate(saved.absence.endsOn, locale),
      };
      notifySuccess(saved.handedOn > 0 ? t('savedHandedOn', { ...texts, count: saved.handedOn }) : t('saved', texts));
      onOpenChange(false);
    } catch (error) {
      notifyError(error, t('saveFailed'));
    }
  };

  const removeAbsence = async () => {
    if (!absence) return;
    try {
      await remove.mutateAsync(absence.userId);
      notifySuccess(t('removed', { name: absence.userName }));
      onOpenChange(false);
    } catch (error) {
      notifyError(error, t('removeFailed'));
    }
  };

  const invalid = (field: Field) => ({ 'aria-invalid': errors[field] ? true : undefined });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isOwn ? t('dialog.titleOwn') : t('dialog.titleOther')}</DialogTitle>
          <DialogDescription>{isOwn ? t('dialog.description') : t('dialog.descriptionOther')}</DialogDescription>
        </DialogHeader>
        {data.members.length < 2 ? (
          <p className="text-sm text-muted-foreground">{t('dialog.nobody')}</p>
        ) : (
          <div className="grid gap-4">
            {userId === null ? (
              <MemberSelect
                id="absence-member"
                label={t('dialog.member')}
                members={data.members}
                value={memberId}
                onValueChange={(id) => {
                  setMemberId(id);
                  if (id === substituteId) setSubstituteId(null);
                }}
                placeholder={t('dialog.select')}
                error={errors.userId}
              />
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="absence-starts-on" className="content-start" label={t('dialog.startsOn')} error={errors.startsOn}>
                <DateInput id="absence-starts-on" value={startsOn} onValueChange={setStartsOn} {...invalid('startsOn')} />
              </FormField>
              <FormField id="absence-ends-on" className="content-start" label={t('dialog.endsOn')} error={errors.endsOn}>
                <DateInput id="absence-ends-on" value={endsOn} onValueChange={setEndsOn} {...invalid('endsOn')} />
              </FormField>
            </div>
            <MemberSelect
              id="absence-substitute"
              label={t('dialog.substitute')}
              members={substitutes}
              value={substituteId}
              onValueChange={setSubstituteId}
              placeholder={t('dialog.select')}
              error={errors.substituteId}
            />
            <FormField id="absence-note" label={t('dialog.note')} hint={t('dialog.noteHint')} error={errors.note}>
              <textarea
                id="absence-note"
                aria-describedby="absence-note-hint"
                className={TEXTAREA_CLASS}
                rows={2}
                maxLength={ABSENCE_NOTE_MAX_LENGTH}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </FormField>
          </div>
        )}
        <DialogFooter className="gap-2">
          {absence ? (
            <Button variant="outline" className="sm:mr-auto" onClick={() => void removeAbsence()} isLoading={remove.isPending}>
              {t('dialog.remove')}
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={() => void submit()} isLoading={save.isPending} disabled={data.members.length < 2}>
            {t('dialog.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
