import type { ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

interface MemberSelectProps {
  id: string;
  label: ReactNode;
  /** The members offered, by id and display name. */
  members: readonly { id: string; name: string }[];
  value: string | null;
  onValueChange: (id: string) => void;
  placeholder: string;
  error?: string | undefined;
}

/** A labelled choice of one team member (approvers, substitutes). */
export function MemberSelect({ id, label, members, value, onValueChange, placeholder, error }: MemberSelectProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <Select value={value ?? undefined} onValueChange={onValueChange}>
        <SelectTrigger id={id} aria-invalid={error ? true : undefined}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {members.map((member) => (
            <SelectItem key={member.id} value={member.id}>
              {member.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
