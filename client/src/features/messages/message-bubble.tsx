import { format } from 'date-fns';
import { Flag } from 'lucide-react';
import { AppPostText } from '@/components/app-post-text';
import type { MessageDto } from '@contract/messages';
import { cn } from '@/lib/utils';

/**
 * One message: the viewer's own on the right in the brand colour, the other member's on the
 * left. The other member's carry a Report button (`onReport`), shown on hover and on focus.
 */
export function MessageBubble({ message, own, onReport }: { message: MessageDto; own: boolean; onReport?: () => void }) {
  const sent = format(new Date(message.createdAt), 'MMM d, h:mm a');
  return (
    <li className={cn('group flex flex-col gap-1', own ? 'items-end' : 'items-start')} data-own={own ? 'true' : 'false'}>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap shadow-xs',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md bg-muted text-foreground',
        )}
      >
        <AppPostText text={message.content} />
      </p>
      <span className="flex items-center gap-1 px-1">
        <time dateTime={message.createdAt} className="text-[11px] text-muted-foreground">
          {sent}
        </time>
        {!own && onReport && (
          <button
            type="button"
            onClick={onReport}
            aria-label={`Report message of ${sent}`}
            title="Report message"
            className="inline-flex size-6 items-center justify-center rounded-full text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 hover:bg-accent hover:text-foreground focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none pointer-coarse:opacity-100"
          >
            <Flag className="size-3.5" aria-hidden />
          </button>
        )}
      </span>
    </li>
  );
}
