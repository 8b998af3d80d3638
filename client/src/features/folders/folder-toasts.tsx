import { Link } from 'wouter';
import { screens } from '@contract/screens';
import { toast } from '@/components/ui/use-toast';
import { failureText, serverMessage } from '@/lib/api';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';

/** A destructive toast for a failed folder call; a lost session goes to sign in instead. */
export function failureToast(error: unknown, message: string, { useServerMessage = false } = {}): void {
  if (isUnauthorizedError(error)) return handleUnauthorized();
  toast({ title: 'Error', description: useServerMessage ? serverMessage(error, message) : failureText(error, message), variant: 'destructive' });
}

/** 'File saved to {folder}' / 'Created and saved to {folder}', linking to the folder. */
export function savedToast(folder: { id: number; name: string }, created: boolean): void {
  toast({
    title: created ? `Created and saved to ${folder.name}` : `File saved to ${folder.name}`,
    description: (
      <Link href={screens.folder(folder.id)} className="font-medium underline underline-offset-4">
        Open {folder.name}
      </Link>
    ),
  });
}
