import { useRef } from 'react';
import { UPLOAD_AUDIO_ACCEPT } from '@blog/contracts';
import { FileInput } from '../../toolbar/file-input';
import { Icon, thin } from '../../toolbar/icons';
import { ToolbarButton } from '../../toolbar/toolbar-button';
import { defineBlock, type BlockToolbarProps } from '../block';
import type { AudioElement as AudioNode } from './audio';
import { AudioElement } from './audio-element';
import { audioHtml, readAudio } from './html';
import { withAudio } from './with-audio';

const AudioIcon = () => (
  <Icon>
    <path {...thin} d="M2.75 6.75h2.5l4-3.25v11l-4-3.25h-2.5z" />
    <path {...thin} d="M12 6.5a3.5 3.5 0 0 1 0 5M14 4.5a6.5 6.5 0 0 1 0 9" />
  </Icon>
);

/** "Audio clip": a file chooser, where the editor can upload clips. */
function AudioButton({ run, onAudioFile }: BlockToolbarProps) {
  const input = useRef<HTMLInputElement>(null);
  if (!onAudioFile) return null;
  return (
    <>
      <ToolbarButton
        itemKey="audio"
        label="Audio clip (MP3, M4A, OGG or WAV)"
        onAction={() => run(() => input.current?.click())}
      >
        <AudioIcon />
      </ToolbarButton>
      <FileInput
        ref={input}
        className="rte-audio-input"
        accept={UPLOAD_AUDIO_ACCEPT}
        multiple={false}
        onFiles={([file]) => onAudioFile(file)}
      />
    </>
  );
}

/** An audio clip uploaded to this site, with its caption. */
export const audioBlock = defineBlock<AudioNode>({
  type: 'audio',
  render: AudioElement,
  toHtml: audioHtml,
  fromHtml: readAudio,
  plugin: withAudio,
  isVoid: true,
  toolbar: { group: 'insert', Buttons: AudioButton },
  slash: [
    {
      key: 'audio',
      label: 'Audio',
      keywords: 'sound clip mp3 pronunciation podcast âm thanh',
      run: (_e, actions) => actions.chooseAudio?.(),
      // Only where clips can be uploaded.
      available: (actions) => actions.chooseAudio !== undefined,
    },
  ],
});
