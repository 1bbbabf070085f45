import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '@blog/api/core';

/**
 * IndexNow's key file, `GET /{INDEXNOW_KEY}.txt` at the site root, answering the key as text: a search
 * engine reads it to check that whoever submits this site's URLs holds the site. Nothing when IndexNow is off.
 */
export function indexNowKeyFile(config: AppConfig) {
  const path = config.indexNow ? `/${config.indexNow.key}.txt` : null;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!path || req.path !== path || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.send(config.indexNow?.key);
  };
}
