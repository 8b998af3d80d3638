import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One way to sign in, in Settings: its icon, name (with a state), a line of text, and its buttons. */
export function MethodRow({ icon: Icon, title, description, actions }: { icon: LucideIcon; title: ReactNode; description: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="grid gap-0.5">
          <h3 className="flex items-center gap-2 text-sm font-semibold tracking-tight">{title}</h3>
          <p className="text-xs text-muted-foreground">{description}</p>
        </div>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** The "On" / "Off" mark beside a method's name. */
export function StatusPill({ on }: { on: boolean }) {
  return (
    <span className={on ? 'rounded-full bg-emerald-500/15 px-2 py-0.5 text-[11px] font-semibold text-emerald-700 dark:text-emerald-300' : 'rounded-full bg-muted px-2 py-0.5 text-[11px] font-semibold text-muted-foreground'}>
      {on ? 'On' : 'Off'}
    </span>
  );
}
