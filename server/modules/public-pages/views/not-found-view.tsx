import SearchX from 'lucide-react/icons/search-x';
import { publicPageMessages as m } from '../../../../contract/public-pages';
import { screens } from '../../../../contract/screens';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { authLink } from './parts';

/**
 * The one page a visitor gets for a file, folder or profile that is missing or not public: the
 * same words and the same bytes whatever the reason, so it tells nothing about what is behind it.
 */
export function NotFoundView({ path }: { path: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <SearchX className="size-8" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{m.notFoundTitle}</h1>
      <p className="text-muted-foreground">{m.notFoundText}</p>
      <div className="flex flex-wrap justify-center gap-2 pt-2">
        <a href={screens.home()} className={buttonVariants({ variant: 'outline' })}>{m.backHome}</a>
        <a href={authLink('login', path)} className={cn(buttonVariants({ variant: 'brand' }))}>{m.logIn}</a>
      </div>
    </div>
  );
}
