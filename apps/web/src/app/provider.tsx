import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth/auth-provider';
import type { CreateUserManager } from '@/lib/auth/user-manager';
import { UiSettingsProvider } from '@/lib/ui-settings-context';

export function AppProvider({
  queryClient,
  createUserManager,
  children,
}: {
  queryClient: QueryClient;
  /** Tests hand in a client with an in-memory store; the app uses the default. */
  createUserManager?: CreateUserManager;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiSettingsProvider>
        <AuthProvider createUserManager={createUserManager}>{children}</AuthProvider>
      </UiSettingsProvider>
    </QueryClientProvider>
  );
}
