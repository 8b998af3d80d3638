import { ArrowLeft, Download, FileQuestion } from 'lucide-react';
import { AppPostText } from '@/components/app-post-text';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '@contract/users';
import { screens } from '@contract/screens';
import { AppLayout } from '@/components/layout/app-layout';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FilePreview } from '@/features/files/file-preview';
import { PageComments } from '@/features/files/page-comments';
import { PageDetails } from '@/features/files/page-details';
import { useFile } from '@/features/files/use-file-detail';
import { MoreLikeThis } from '@/features/similar/more-like-this';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/lib/document-title';

function BackToHome() {
  return (
    <Link href={screens.home()} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ml-2')}>
      <ArrowLeft aria-hidden />
      Back to Home
    </Link>
  );
}

function NotFound() {
  return (
    <EmptyState icon={FileQuestion} tone="muted" heading="h1" title="File not found" text="The file you're looking for doesn't exist or you don't have permission to view it." className="py-24">
      <Link href={screens.home()} className={buttonVariants()}>
        Back to Home
      </Link>
    </EmptyState>
  );
}

function FileView({ id }: { id: number }) {
  const { data: file, isPending, isError } = useFile(id);
  const [, navigate] = useLocation();
  useDocumentTitle(isError ? 'File not found' : (file?.name ?? null));
  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-7" label="Loading file" />
      </div>
    );
  }
  if (isError || !file) return <NotFound />;

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-5 sm:px-6 sm:py-8">
      <BackToHome />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_420px] lg:gap-8">
        <div className="space-y-3">
          <div className="relative h-[55vh] overflow-hidden rounded-2xl bg-zinc-950 p-2 shadow-sm ring-1 ring-border sm:h-[70vh] sm:p-4">
            <FilePreview file={file} />
          </div>
          {file.kind !== 'image' && file.kind !== 'pdf' && (
            <a href={file.downloadUrl} download className={cn(buttonVariants({ variant: 'outline' }), 'w-full sm:w-auto')}>
              <Download aria-hidden />
              Download File
            </a>
          )}
        </div>
        <div className="min-w-0 space-y-4">
          <h1 className="text-2xl font-bold tracking-tight break-words"><AppPostText text={file.name} /></h1>
          <Tabs defaultValue="details">
            <TabsList className="w-full">
              <TabsTrigger value="details">Details</TabsTrigger>
              <TabsTrigger value="comments">Comments ({file.commentCount})</TabsTrigger>
            </TabsList>
            <TabsContent value="details">
              <PageDetails file={file} />
            </TabsContent>
            <TabsContent value="comments">
              <PageComments fileId={file.id} ownerId={file.userId} count={file.commentCount} />
            </TabsContent>
          </Tabs>
        </div>
      </div>
      <div className="pt-6">
        <MoreLikeThis
          file={file}
          onOpen={(neighbour) => {
            navigate(screens.file(neighbour.id));
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    </div>
  );
}

/** /file/{id}: one file on its own page. */
export function FilePage({ user, id }: { user: CurrentUser; id: string }) {
  const fileId = Number(id);
  return (
    <AppLayout user={user}>
      {Number.isInteger(fileId) && fileId > 0 ? <FileView key={fileId} id={fileId} /> : <NotFound />}
    </AppLayout>
  );
}
