import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Download } from 'lucide-react';
import { useState } from 'react';
import type { FileDto } from '@contract/files';
import { Button, buttonVariants } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { endpointQuery, type CallResult } from '@/lib/call';
import { cn } from '@/lib/utils';
import { formatBytes } from './format';

type Optimization = CallResult<'getFileOptimization'>;

interface Choice {
  label: string;
  href: string;
  size: number | null;
}

function choicesFor(file: FileDto, info: Optimization | undefined): Choice[] {
  const choices: Choice[] = [{ label: 'Original', href: file.downloadUrl, size: file.size }];
  if (!info) return choices;
  const { formats } = info;
  if (formats.compressed) choices.push({ label: 'Compressed (JPEG)', href: formats.compressed, size: info.compressedSize });
  if (formats.webp) choices.push({ label: 'WebP', href: formats.webp, size: info.webpSize });
  if (formats.thumbnail) choices.push({ label: 'Thumbnail', href: formats.thumbnail, size: info.thumbnailSize });
  return choices;
}

function downloadName(file: FileDto, label: string, href: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(href)?.[1] ?? '';
  const base = file.name.replace(/\.[a-z0-9]{1,5}$/i, '');
  return `${base}-${label.split(' ')[0].toLowerCase()}${extension ? `.${extension}` : ''}`;
}

/**
 * The Download control of the detail views. Images offer the original and each optimised
 * copy with its size (`getFileOptimization`); other files download directly.
 */
export function DownloadMenu({ file, className }: { file: FileDto; className?: string }) {
  const [open, setOpen] = useState(false);
  const isImage = file.kind === 'image';
  const { data: info } = useQuery({ ...endpointQuery('getFileOptimization', { params: { id: file.id } }), enabled: isImage && open, staleTime: 300_000 });

  if (!isImage) {
    return (
      <a href={file.downloadUrl} download className={cn(buttonVariants({ variant: 'outline' }), className)}>
        <Download aria-hidden />
        Download
        <span className="text-xs text-muted-foreground">{formatBytes(file.size)}</span>
      </a>
    );
  }

  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className={className}>
          <Download aria-hidden />
          Download
          <ChevronDown className="size-3.5 opacity-60" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>Download as</DropdownMenuLabel>
        {choicesFor(file, info).map((choice) => (
          <DropdownMenuItem key={choice.label} asChild>
            <a href={choice.href} download={choice.label === 'Original' ? true : downloadName(file, choice.label, choice.href)} className="flex justify-between gap-3">
              <span>{choice.label}</span>
              <span className="text-xs text-muted-foreground tabular-nums">{choice.size ? formatBytes(choice.size) : ''}</span>
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
