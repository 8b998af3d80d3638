import { CheckCircle2, LoaderCircle, Pencil, RotateCcw, Sparkles, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { DuplicateHint } from '@/features/similar/duplicate-hint';
import { ALT_TEXT_MAX } from '@contract/post-text';
import { cn } from '@/lib/utils';
import { iconForFile } from './file-kind';
import { formatMb } from './format';
import { isCustomized, type UploadItem } from './upload-item';

type Custom = Partial<Pick<UploadItem, 'customName' | 'customDescription' | 'customTags' | 'altText'>>;

function kindOf(file: File) {
  const type = file.type;
  const kind = type.startsWith('image/') ? 'image' : type.startsWith('video/') ? 'video' : type.startsWith('audio/') ? 'audio' : type === 'application/pdf' ? 'pdf' : 'document';
  return { kind, fileType: type } as const;
}

function StatusLine({ item }: { item: UploadItem }) {
  switch (item.status) {
    case 'uploading':
      return <span className="text-primary tabular-nums">{item.progress}%</span>;
    case 'completed':
      return item.autoTagLoading ? (
        <span className="inline-flex items-center gap-1 text-primary"><Sparkles className="size-3" aria-hidden />Analyzing tags...</span>
      ) : (
        <span className="inline-flex items-center gap-1 text-success"><CheckCircle2 className="size-3" aria-hidden />Uploaded</span>
      );
    case 'error':
      // The reason is a line of its own under the name, where a long one can wrap.
      return <span className="font-medium text-red-700 dark:text-red-300">Failed</span>;
    default:
      return null;
  }
}

/** A row of 'Selected Files': preview or icon, name, size, status, 'Customized', Edit/Hide, retry and remove. */
export function UploadFileRow({ item, editing, onToggleEdit, onRemove, onRetry, onCustomize }: {
  item: UploadItem;
  editing: boolean;
  onToggleEdit: () => void;
  onRemove: () => void;
  onRetry: () => void;
  onCustomize: (values: Custom) => void;
}) {
  const Icon = iconForFile(kindOf(item.file));
  const removable = item.status === 'pending' || item.status === 'error';
  const editable = item.status === 'pending' || item.status === 'error';
  // A file the browser cannot draw (a corrupt image) shows its icon, not a broken picture.
  const [previewBroken, setPreviewBroken] = useState(false);

  return (
    <li className={cn('rounded-xl border bg-card p-2.5 transition-colors', item.status === 'error' && 'border-destructive/40 bg-destructive/5')} data-testid="upload-row" data-status={item.status}>
      {/* The buttons move under the name when a phone has no room for them beside it. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {item.previewUrl && !previewBroken ? (
          <img src={item.previewUrl} alt="" className="size-11 shrink-0 rounded-lg object-cover" onError={() => setPreviewBroken(true)} />
        ) : (
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground"><Icon className="size-5" aria-hidden /></span>
        )}
        <div className="min-w-0 flex-1 basis-40">
          <p className="truncate text-sm font-medium">{item.customName?.trim() || item.file.name}</p>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <span className="tabular-nums">{formatMb(item.file.size)}</span>
            {isCustomized(item) && <span className="rounded-full bg-accent px-1.5 py-px font-medium text-accent-foreground">Customized</span>}
            <StatusLine item={item} />
          </p>
          {item.status === 'error' && item.error && (
            // A darker red than the destructive token: small text on the row's pink needs 4.5:1.
            <p className="text-xs break-words text-red-700 dark:text-red-300" role="alert" data-testid="upload-error">{item.error}</p>
          )}
          {item.status === 'uploading' && (
            <div className="mt-1.5 h-1 overflow-hidden rounded-full bg-muted" aria-hidden>
              <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${item.progress}%` }} />
            </div>
          )}
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1">
        {item.status === 'uploading' && <LoaderCircle className="size-4 shrink-0 animate-spin text-primary" aria-label="Uploading" />}
        {editable && (
          <Button variant="ghost" size="sm" onClick={onToggleEdit} aria-expanded={editing}>
            <Pencil className="size-3.5" aria-hidden />
            {editing ? 'Hide' : 'Edit'}
          </Button>
        )}
        {item.status === 'error' && (
          <Button variant="ghost" size="icon-sm" onClick={onRetry} aria-label={`Retry ${item.file.name}`}><RotateCcw aria-hidden /></Button>
        )}
        {removable && item.status === 'error' && (
          <Button variant="outline" size="sm" onClick={onRemove} aria-label={`Remove ${item.file.name}`}><X aria-hidden />Remove</Button>
        )}
        {removable && item.status !== 'error' && (
          <Button variant="ghost" size="icon-sm" onClick={onRemove} aria-label={`Remove ${item.file.name}`}><X aria-hidden /></Button>
        )}
        </div>
      </div>
      {item.previewUrl && editable && <AltTextField item={item} onChange={(altText) => onCustomize({ altText })} />}
      {item.duplicateOf && <DuplicateHint original={item.duplicateOf} />}
      {editing && editable && <CustomizePanel item={item} onCustomize={onCustomize} />}
    </li>
  );
}

/** One image's alt text, written before it goes up (docs/decisions/032). */
function AltTextField({ item, onChange }: { item: UploadItem; onChange: (altText: string) => void }) {
  const id = useId();
  const length = item.altText?.length ?? 0;
  return (
    <div className="mt-2 space-y-1">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={`${id}-alt`} className="text-xs">Alt text for {item.customName?.trim() || item.file.name}</Label>
        <span className="text-xs text-muted-foreground tabular-nums" aria-hidden>{length}/{ALT_TEXT_MAX}</span>
      </div>
      <Textarea
        id={`${id}-alt`}
        value={item.altText ?? ''}
        rows={2}
        maxLength={ALT_TEXT_MAX}
        className="min-h-12 text-sm"
        placeholder="Describe the picture for people who can't see it"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function CustomizePanel({ item, onCustomize }: { item: UploadItem; onCustomize: (values: Custom) => void }) {
  const id = useId();
  const values: Custom = { customName: item.customName, customDescription: item.customDescription, customTags: item.customTags };
  return (
    <fieldset className="mt-3 space-y-3 rounded-lg bg-muted/50 p-3">
      <legend className="sr-only">Customize This File</legend>
      <p className="text-sm font-semibold" aria-hidden>Customize This File</p>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>Custom Name</Label>
        <Input id={`${id}-name`} value={item.customName ?? ''} placeholder={item.file.name} maxLength={200} onChange={(e) => onCustomize({ ...values, customName: e.target.value })} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-description`}>Custom Description</Label>
        <Textarea id={`${id}-description`} value={item.customDescription ?? ''} rows={2} maxLength={2000} onChange={(e) => onCustomize({ ...values, customDescription: e.target.value })} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-tags`}>Custom Tags</Label>
        <Input id={`${id}-tags`} value={item.customTags ?? ''} aria-describedby={`${id}-tags-hint`} onChange={(e) => onCustomize({ ...values, customTags: e.target.value })} />
        <p id={`${id}-tags-hint`} className="text-xs text-muted-foreground">Leave empty to use global tags. Separate with commas.</p>
      </div>
    </fieldset>
  );
}
