import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { CollaboratorRole } from './folder-types';

/** Viewer or Editor, the only roles offered for collaborators and invites. */
export function RoleSelect({ value, onChange, id, label, disabled, className }: {
  value: CollaboratorRole;
  onChange: (role: CollaboratorRole) => void;
  id?: string;
  label?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as CollaboratorRole)}
      className={cn(fieldClasses, 'h-10 w-auto cursor-pointer py-2 pr-8', className)}
    >
      <option value="VIEWER">Viewer</option>
      <option value="EDITOR">Editor</option>
    </select>
  );
}
