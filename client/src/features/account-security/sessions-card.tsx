import { useMutation } from '@tanstack/react-query';
import type { SessionDto } from '@contract/account-security';
import { Laptop, LogOut, Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { formatWhen } from './format-when';
import { useRefreshSecurity, useSessions } from './use-security';

const PHONES = new Set(['Android', 'iPhone', 'iPad']);

function label(s: SessionDto): string {
  if (s.browser && s.system) return `${s.browser} on ${s.system}`;
  return s.browser ?? s.system ?? 'Unknown device';
}

/** Settings → Devices: every session of the account, "This device" first; end one, or all others. */
export function SessionsCard() {
  const { data: sessions = [] } = useSessions();
  const refresh = useRefreshSecurity();
  const end = useMutation({
    mutationFn: (id: number) => call('endSession', { params: { id } }),
    onSuccess: () => refresh(),
    onError: (error) => toast({ title: 'Not signed out', description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  const endOthers = useMutation({
    mutationFn: () => call('endOtherSessions'),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Signed out everywhere else', description: 'Only this device is still signed in.' });
    },
    onError: (error) => toast({ title: 'Not signed out', description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((s) => !s.current).length;

  return (
    <div className="grid gap-4" data-testid="sessions">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-0.5">
          <h3 className="text-sm font-semibold tracking-tight">Where you're signed in</h3>
          <p className="text-xs text-muted-foreground">Sign out of any device you don't recognise, then change your password.</p>
        </div>
        <Button size="sm" variant="outline" className="shrink-0" onClick={() => endOthers.mutate()} disabled={others === 0 || endOthers.isPending}>
          <LogOut aria-hidden />
          Sign out everywhere else
        </Button>
      </div>
      <ul className="divide-y rounded-xl border">
        {ordered.map((s) => {
          const Icon = s.system && PHONES.has(s.system) ? Smartphone : Laptop;
          return (
            <li key={s.id} className="flex items-center gap-3 px-4 py-3" data-testid="session">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
                <Icon className="size-4" aria-hidden />
              </span>
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex items-center gap-2 truncate text-sm font-medium">
                  {label(s)}
                  {s.current && <span className="rounded-full bg-primary/10 px-2 py-0.5 text-[11px] font-semibold text-primary">This device</span>}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {[s.address, s.current ? 'active now' : `last seen ${formatWhen(s.lastSeenAt)}`, `signed in ${formatWhen(s.createdAt)}`].filter(Boolean).join(' · ')}
                </span>
              </div>
              {!s.current && (
                <Button variant="ghost" size="sm" onClick={() => end.mutate(s.id)} disabled={end.isPending} aria-label={`Sign out ${label(s)}`}>
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
