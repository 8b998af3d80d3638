import { SendHorizontal } from 'lucide-react';
import { useState } from 'react';
import { MESSAGE_MAX } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { canSend, sendsOnKey } from './message-rules';
import { sendFailedToast, useSendMessage } from './message-queries';

/** Shows how much room is left only near the limit. */
const COUNTER_FROM = MESSAGE_MAX - 500;

/** The thread's composer: Enter sends, Shift+Enter breaks the line, blank text cannot be sent. */
export function MessageComposer({ recipientId, onSent }: { recipientId: number; onSent?: () => void }) {
  const [text, setText] = useState('');
  const send = useSendMessage();
  const ready = canSend(text) && !send.isPending;

  function submit() {
    if (!ready) return;
    send.mutate(
      { recipientId, content: text },
      {
        onSuccess: () => {
          setText('');
          onSent?.();
        },
        onError: sendFailedToast,
      },
    );
  }

  return (
    <form
      className="flex items-end gap-2 border-t bg-card/60 p-2.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid min-w-0 flex-1">
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (!sendsOnKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
            event.preventDefault();
            submit();
          }}
          placeholder="Type a message..."
          aria-label="Message"
          rows={1}
          maxLength={MESSAGE_MAX}
          className="field-sizing-content max-h-36 min-h-10 resize-none"
        />
        {text.length > COUNTER_FROM && (
          <span className="mt-1 text-right text-xs text-muted-foreground" aria-live="polite">
            {MESSAGE_MAX - text.length} characters left
          </span>
        )}
      </div>
      <Button type="submit" size="icon" variant="brand" disabled={!ready} aria-label="Send message">
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}
