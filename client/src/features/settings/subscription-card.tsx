import { Check, Crown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

const perks = ['Unlimited blocks', 'Additional features', 'No ads'];

/**
 * The plan display: fixed, not read from data. There is no billing system yet,
 * so 'Manage subscription' says so instead of pretending to open one.
 */
export function SubscriptionCard() {
  return (
    <div className="relative overflow-hidden rounded-xl bg-brand-gradient p-[1px] shadow-md shadow-fuchsia-500/10">
      <div className="flex flex-col gap-5 rounded-[11px] bg-card p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-gradient text-white shadow-sm">
            <Crown className="size-5" aria-hidden />
          </span>
          <div className="grid gap-1.5">
            <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">Current plan</p>
            <p className="text-lg leading-none font-semibold">Premium Monthly</p>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
              {perks.map((perk) => (
                <li key={perk} className="flex items-center gap-1.5">
                  <Check className="size-3.5 text-success" aria-hidden />
                  {perk}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <Button variant="outline" onClick={() => toast({ title: 'Billing coming soon' })}>
          Manage subscription
        </Button>
      </div>
    </div>
  );
}
