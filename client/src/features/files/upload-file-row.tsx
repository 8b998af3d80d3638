import { CheckCircle2, LoaderCircle, Pencil, RotateCcw, Sparkles, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { DuplicateHint } from '@/features/similar/duplicate-hint';
import { cn } from '@/lib/utils';
import { iconForFile } from './file-kind';
import { formatMb } from './format';
import { isCustomized, type UploadItem } from './upload-item';

type Custom = Pick<UploadItem, 'customName' | 'customDescription' | 'customTags'>;

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
      return <span className="font-medium text-destructive">Failed</span>;
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

  return (
    <li className={cn('rounded-xl border bg-card p-2.5 transition-colors', item.status === 'error' && 'border-destructive/40 bg-destructive/5')} data-testid="upload-row" data-status={item.status}>
      <div className="flex items-center gap-3">
        {item.previewUrl ? (
          <img src={item.previewUrl} alt="" className="size-11 shrink-0 rounded-lg object-cover" />
        ) : (
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground"><Icon className="size-5" aria-hidden /></span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{item.customName?.trim() || item.file.name}</p>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <span className="tabular-nums">{formatMb(item.file.size)}</span>
            {isCustomized(item) && <span className="rounded-full bg-accent px-1.5 py-px font-medium text-accent-foreground">Customized</span>}
            <StatusLine item={item} />
          </p>
          {item.status === 'uploading' && (
            <div className="mt-1.5 h-1 overflow-hidden rounded-full bg-muted" aria-hidden>
              <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${item.progress}%` }} />
            </div>
          )}
        </div>
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
        {removable && (
          <Button variant="ghost" size="icon-sm" onClick={onRemove} aria-label={`Remove ${item.file.name}`}><X aria-hidden /></Button>
        )}
      </div>
      {item.duplicateOf && <DuplicateHint original={item.duplicateOf} />}
      {editing && editable && <CustomizePanel item={item} onCustomize={onCustomize} />}
    </li>
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
