import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** The id of a field's error text, for `aria-describedby`. */
export function errorId(id: string): string {
  return `${id}-error`;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** A label, a control and its error message, stacked. The control must use `id`. */
export function FormField({
  id,
  label,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // content-start: beside a taller field (one showing an error) the rows keep their height, so
    // the two controls of a row stay level instead of the extra height spreading over the label.
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={id} message={error} />
    </div>
  );
}
