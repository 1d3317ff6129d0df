import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { SnackbarProvider } from '../components/snackbar';
import { queryClient } from '../lib/queries';
import { createAppRouter } from './router';
import { ThemeModeProvider } from './theme/ThemeModeProvider';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
