import { users } from '../../db/schema/customers';
import { defineRecord } from '../../kit/records';

/** The users table as the area kit knows it: "User 12 not found.", audit type 'user', a taken e-mail a 422 on email. */
export const userRecord = defineRecord({ table: users, thing: 'User', type: 'user', unique: { users_email_unique: 'email' } });
