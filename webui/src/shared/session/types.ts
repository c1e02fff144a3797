export type Role = 'user' | 'admin';

/** The signed-in user's profile as the server answers it. */
export interface User {
  id: number;
  name: string;
  email: string;
  email_verified: boolean;
  role: Role;
  created_at: string;
  /** Filter preferences saved to the account (vegan, vegetarian, gluten_free, sugar_free, dairy_free). */
  preferences?: string[];
}
