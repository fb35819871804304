import { z } from 'zod';
import { BRAND_ROLES } from './roles';

export const BrandRoleSchema = z.enum(BRAND_ROLES);
