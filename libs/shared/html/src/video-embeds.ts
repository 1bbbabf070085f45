/**
 * @blog/shared/html/video-embeds: the video providers alone, for the public pages' facade and the
 * server's Content-Security-Policy (without the sanitiser the main entry brings along).
 */
export * from './lib/video-embeds';
