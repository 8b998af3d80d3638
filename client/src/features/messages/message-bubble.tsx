import { format } from 'date-fns';
import type { MessageDto } from '@contract/messages';
import { cn } from '@/lib/utils';

/** One message: the viewer's own on the right in the brand colour, the other member's on the left. */
export function MessageBubble({ message, own }: { message: MessageDto; own: boolean }) {
  return (
    <li className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')} data-own={own ? 'true' : 'false'}>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap shadow-xs',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md bg-muted text-foreground',
        )}
      >
        {message.content}
      </p>
      <time dateTime={message.createdAt} className="px-1 text-[11px] text-muted-foreground">
        {format(new Date(message.createdAt), 'MMM d, h:mm a')}
      </time>
    </li>
  );
}
