import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput with a visibility toggle whose accessible name does not contain the
 * word "password", so that a label query for 'Password' finds only the input.
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      autoComplete="current-password"
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide text', ...props.visibilityToggleButtonProps }}
    />
  );
}
