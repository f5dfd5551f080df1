import type { TUser } from '@chaupal/contract';
import type { TAccount } from '../../platform/auth';

export function presentUser(u: TAccount, verifications: TUser['verifications']): TUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role,
    status: u.status,
    emailVerified: u.emailVerified,
    phoneVerified: u.phoneVerified,
    verifications,
  };
}
