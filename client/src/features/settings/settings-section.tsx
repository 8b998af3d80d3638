import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** One of the four sections of /settings: an anchored card with an icon, a title and a line of text. */
export function SettingsSection({
  id, icon: Icon, title, description, children, className,
}: { id: string; icon: LucideIcon; title: string; description: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <Card className={cn('overflow-hidden', className)}>
        <header className="flex items-start gap-4 border-b bg-muted/40 px-5 py-4 sm:px-6">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="grid gap-0.5">
            <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold tracking-tight">{title}</h2>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
        </header>
        <div className="grid gap-8 px-5 py-6 sm:px-6">{children}</div>
      </Card>
    </section>
  );
}

/** A titled group of fields inside a section. */
export function FieldGroup({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-0.5">
        <h3 className="text-sm font-semibold tracking-tight">{title}</h3>
        {description && <p className="text-xs text-muted-foreground">{description}</p>}
      </div>
      {children}
    </div>
  );
}
