import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ModalsHost, TOAST_DURATION_MS, ToastArea } from '@/shared/ui';
import { styleNonceGetter } from './csp';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  /** 'test' turns off Mantine transitions and portals (used by the unit tests). */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        env={env}
        defaultColorScheme="light"
        getStyleNonce={styleNonceGetter()}
      >
        {/* Both fetch their code when first used (a toast, a confirm dialog). */}
        <ToastArea position="top-center" autoClose={TOAST_DURATION_MS} />
        {children}
        <ModalsHost labels={{ confirm: 'confirm', cancel: 'cancel' }} />
      </MantineProvider>
    </QueryClientProvider>
  );
}
