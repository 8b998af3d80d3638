import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type Props = {
  icon: LucideIcon;
  title: string;
  text: string;
  /** `muted` for "not found" screens, `accent` for an empty list. */
  tone?: 'accent' | 'muted';
  /** A whole screen's message is its page heading; inside a page it is a section heading. */
  heading?: 'h1' | 'h2';
  className?: string;
  /** Actions under the text (a way back, a first step). */
  children?: ReactNode;
};

/** The centred icon, heading and line that every empty or not-found screen shows. */
export function EmptyState({ icon: Icon, title, text, tone = 'accent', heading: Heading = 'h2', className, children }: Props) {
  return (
    <div className={cn('flex flex-col items-center px-4 py-20 text-center sm:py-24', className)}>
      <span
        className={cn(
          'mb-6 flex size-16 items-center justify-center rounded-2xl',
          tone === 'accent' ? 'bg-accent text-accent-foreground shadow-sm' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-8" aria-hidden />
      </span>
      <Heading className="text-xl font-semibold tracking-tight">{title}</Heading>
      <p className="mt-2 max-w-md text-muted-foreground">{text}</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
