import { cn } from '@/lib/utils';

/** The kaleidoscope mark: a gradient tile with two crossed facets. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id="kaleido-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="0.5" stopColor="#ec4899" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#kaleido-mark)" />
      <path d="M32 12 L40 32 L32 52 L24 32 Z" fill="#fff" fillOpacity="0.92" />
      <path d="M12 32 L32 24 L52 32 L32 40 Z" fill="#fff" fillOpacity="0.55" />
    </svg>
  );
}

/** The mark plus the word 'Kaleido' in the brand gradient. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className={markClassName} />
      <span className="text-brand-gradient text-xl font-bold tracking-tight">Kaleido</span>
    </span>
  );
}
