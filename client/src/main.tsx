import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './features/app/service-worker';
import { queryClient } from './lib/query-client';
import { cn } from './lib/utils';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// tailwind-merge builds its tables on first use (a fifth of the first render on a phone): in a
// task of its own, then the first render in the next, so neither is one long task with the other
// (docs/decisions/023).
setTimeout(() => cn('p-0', 'p-1'));
setTimeout(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  ),
);

registerServiceWorker();
