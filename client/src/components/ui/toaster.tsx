import { TOAST_DURATION_MS } from '@contract/limits';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToast } from './use-toast';

const SWIPE_THRESHOLD_PX = 50;

/** Renders the toast store: 5 s each, swipe right past 50 px to dismiss, F8 to focus. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, action, variant, duration, open, closedByKey }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          // A toast stays the top layer until its exit animation ends: one closed by Escape leaves
          // at once, so a second Escape reaches the dialog under it.
          onEscapeKeyDown={() => dismissToast(id, { byKey: true })}
          leave={closedByKey ? 'now' : 'animated'}
          className={variant === 'destructive' ? 'destructive' : undefined}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  );
}
