import { EyeOff, Globe, Lock } from 'lucide-react';
import { CONTENT_WARNING_MAX } from '@contract/post-text';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { UploadForm } from './upload-item';

/** The details applied to every file of the upload (a file's own Customize values win). */
export function UploadFormFields({ form, onChange }: { form: UploadForm; onChange: (form: UploadForm) => void }) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input id={`${id}-name`} value={form.name} maxLength={200} placeholder="Defaults to the file name" onChange={(e) => onChange({ ...form, name: e.target.value })} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-tags`}>Tags</Label>
        <Input id={`${id}-tags`} value={form.tags} placeholder="nature, travel, sunset" aria-describedby={`${id}-tags-hint`} onChange={(e) => onChange({ ...form, tags: e.target.value })} />
        <p id={`${id}-tags-hint`} className="sr-only">Separate with commas.</p>
      </div>
      <div className="space-y-1.5 sm:col-span-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea id={`${id}-description`} className="min-h-16" value={form.description} rows={2} maxLength={2000} placeholder="Tell people about these files" onChange={(e) => onChange({ ...form, description: e.target.value })} />
      </div>
      <label htmlFor={`${id}-public`} className="flex cursor-pointer items-center gap-3 rounded-xl border p-3 sm:col-span-2">
        <span className={cn('flex size-9 items-center justify-center rounded-lg', form.isPublic ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground')}>
          {form.isPublic ? <Globe className="size-4" aria-hidden /> : <Lock className="size-4" aria-hidden />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium">{form.isPublic ? 'Public' : 'Private'}</span>
          <span className="block text-xs text-muted-foreground">{form.isPublic ? 'Anyone on Kaleido can see these files.' : 'Only you can see these files.'}</span>
        </span>
        <input
          id={`${id}-public`}
          type="checkbox"
          role="switch"
          checked={form.isPublic}
          aria-checked={form.isPublic}
          onChange={(e) => onChange({ ...form, isPublic: e.target.checked })}
          className="peer sr-only"
        />
        <span aria-hidden className="relative h-6 w-11 shrink-0 rounded-full bg-input transition-colors peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5" />
      </label>
      <label htmlFor={`${id}-describe`} className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium sm:col-span-2">
        <input id={`${id}-describe`} type="checkbox" checked={form.describeFirst} onChange={(e) => onChange({ ...form, describeFirst: e.target.checked })} className="size-4 accent-primary" />
        Describe images (alt text) before they upload
      </label>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:col-span-2">
        <label htmlFor={`${id}-sensitive`} className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
          <input id={`${id}-sensitive`} type="checkbox" checked={form.sensitive} onChange={(e) => onChange({ ...form, sensitive: e.target.checked })} className="size-4 accent-primary" />
          <EyeOff className="size-4 text-muted-foreground" aria-hidden />
          Sensitive content
        </label>
        {form.sensitive && (
          <Input
            aria-label="Content warning"
            value={form.contentWarning}
            maxLength={CONTENT_WARNING_MAX}
            placeholder="Content warning (optional): Spoilers, Medical…"
            className="h-9 min-w-0 flex-1"
            onChange={(e) => onChange({ ...form, contentWarning: e.target.value })}
          />
        )}
      </div>
    </div>
  );
}
