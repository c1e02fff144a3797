import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@/shared/ui';
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
        <ModalsProvider labels={{ confirm: 'confirm', cancel: 'cancel' }}>
          <Notifications position="top-center" autoClose={TOAST_DURATION_MS} />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
