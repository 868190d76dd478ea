import { Type, type Static } from 'typebox';

/** POST /api/Logger/Log/: an error the browser reports (level 4 for errors). */
export const LogRequest = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  level: Type.Integer({ minimum: 0, maximum: 6 }),
});
export type LogRequest = Static<typeof LogRequest>;
export const LogResponse = Type.Object({ logged: Type.Boolean() });
export type LogResponse = Static<typeof LogResponse>;
