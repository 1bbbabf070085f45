import { Icon, thin } from '../../toolbar/icons';
import { ToolbarButton } from '../../toolbar/toolbar-button';
import { defineBlock } from '../block';
import { readVideo, videoHtml } from './html';
import type { VideoElement as VideoNode } from './video';
import { VideoElement } from './video-element';
import { withVideos } from './with-videos';

const VideoIcon = () => (
  <Icon>
    <rect {...thin} x="1.75" y="3.75" width="14.5" height="10.5" rx="2.5" />
    <path d="M7.5 6.5v5l4-2.5z" fill="currentColor" />
  </Icon>
);

/** A YouTube or Vimeo video, stored as its facade (the player is made when a visitor plays it). */
export const videoBlock = defineBlock<VideoNode>({
  type: 'video',
  render: VideoElement,
  toHtml: videoHtml,
  fromHtml: readVideo,
  plugin: withVideos,
  isVoid: true,
  toolbar: {
    group: 'insert',
    // The link form is the editor component's (it fetches the video's thumbnail too).
    Buttons: ({ run, onVideo, videoOpen }) => (
      <ToolbarButton
        itemKey="video"
        label="Video (YouTube or Vimeo)"
        expanded={videoOpen}
        hasPopup="dialog"
        onAction={() => run(onVideo)}
      >
        <VideoIcon />
      </ToolbarButton>
    ),
  },
  slash: [
    { key: 'video', label: 'Video', keywords: 'youtube vimeo embed phim', run: (_e, actions) => actions.video() },
  ],
});
