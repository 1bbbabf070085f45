import { Query } from '@nestjs/common';
import { LANG_PARAM, langShape } from '@blog/contracts';
import { ZodValidationPipe } from './zod-validation.pipe';

/**
 * `?lang=` of a public REST read (`GET /api/homeData?lang=vi`): the language it answers in, or undefined
 * for the site's default; any other value than a language's code is a 400 naming `lang`.
 */
export const LangQuery = () => Query(LANG_PARAM, new ZodValidationPipe(langShape.lang, LANG_PARAM));
