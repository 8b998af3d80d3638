import { Laptop, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One device in a Settings list (where the account is signed in, where pushes go): a phone or
 * computer icon, its name with "This device" on the one in hand, a line of detail, and its action.
 */
export function DeviceRow({ phone, name, current, detail, testId, children }: { phone: boolean; name: string; current: boolean; detail: string; testId: string; children?: ReactNode }) {
  const Icon = phone ? Smartphone : Laptop;
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid={testId}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-center gap-2 truncate text-sm font-medium">
          {name}
          {current && <span className="rounded-full bg-primary/10 px-2 py-0.5 text-[11px] font-semibold text-primary">This device</span>}
        </span>
        <span className="truncate text-xs text-muted-foreground">{detail}</span>
      </div>
      {children}
    </li>
  );
}
