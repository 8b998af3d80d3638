import { lazy, Suspense, type ComponentProps } from 'react';

// Loaded when first opened: its reasons come from a contract module that brings zod, which the
// feed's first screens do without (client/src/first-screens.unit.test.ts).
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/** The report dialog, fetched the first time it opens and rendered only while open. */
export function LazyReportDialog(props: ComponentProps<typeof ReportDialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}
