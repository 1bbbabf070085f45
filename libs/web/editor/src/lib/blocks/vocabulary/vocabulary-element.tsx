import { useRef } from 'react';
import { Editor, Node, type Path } from 'slate';
import type { RenderElementProps } from 'slate-react';
import { useFocused, useSelected, useSlateStatic } from 'slate-react';
import { PARTS_OF_SPEECH, type VocabularyField } from '@blog/shared/html';
import { UPLOAD_AUDIO_ACCEPT } from '@blog/contracts';
import { BlockField, useElementPath, useOwnEvents } from '../../elements/block-field';
import { FileInput } from '../../toolbar/file-input';
import { audioUploader } from '../audio/commands';
import { addVocabularyEntry, removeVocabularyEntry, setVocabularyAudio, setVocabularyField } from './commands';
import { isVocabulary, type VocabularyElement as VocabularyNode } from './vocabulary';

/**
 * A vocabulary word's pronunciation: its player and "Remove" once there is one, else "Add
 * pronunciation" (an audio file uploaded, progress and failures shown under the editor).
 */
function Pronunciation({
  index,
  word,
  audio,
  path,
}: {
  index: number;
  word: string;
  audio?: string;
  path: () => Path;
}) {
  const editor = useSlateStatic();
  const inputRef = useRef<HTMLInputElement>(null);
  const name = word.trim() || `word ${index + 1}`;
  const upload = audioUploader(editor);
  if (audio)
    return (
      <span className="rte-pronunciation">
        <audio
          className="vocabulary-audio"
          controls
          preload="none"
          src={audio}
          aria-label={`Pronunciation of ${name}`}
        />
        <button
          type="button"
          className="rte-block-button"
          onClick={() => setVocabularyAudio(editor, path(), index, null)}
        >
          Remove pronunciation {index + 1}
        </button>
      </span>
    );
  if (!upload) return null;
  return (
    <span className="rte-pronunciation">
      <button type="button" className="rte-block-button" onClick={() => inputRef.current?.click()}>
        Add pronunciation {index + 1}
      </button>
      <FileInput
        ref={inputRef}
        className="rte-pronunciation-input"
        accept={UPLOAD_AUDIO_ACCEPT}
        multiple={false}
        onFiles={([file]) => {
          // The block is followed through the edits made while it uploads (gone: nothing to do).
          const ref = Editor.pathRef(editor, path());
          upload(file, (url) => {
            const at = ref.unref();
            if (at && isVocabulary(Node.get(editor, at))) setVocabularyAudio(editor, at, index, url);
          });
        }}
      />
    </span>
  );
}

const VOCABULARY_LABELS: Record<Exclude<VocabularyField, 'pos'>, { label: string; lang?: string; optional?: false }> = {
  word: { label: 'Word', lang: 'en', optional: false },
  ipa: { label: 'IPA' },
  meaning: { label: 'Meaning (Vietnamese)', lang: 'vi' },
  example: { label: 'Example', lang: 'en' },
};

/**
 * A lesson's vocabulary, in the look of its public list: each word's fields (word, IPA, part of
 * speech, Vietnamese meaning, example), "Remove word", and "Add a word" at the end.
 */
export function VocabularyElement({ attributes, children, element }: RenderElementProps & { element: VocabularyNode }) {
  const editor = useSlateStatic();
  const ownEvents = useOwnEvents();
  const selected = useSelected();
  const focused = useFocused();
  const path = useElementPath(element);
  const field = (index: number, name: Exclude<VocabularyField, 'pos'>, value: string | undefined) => (
    <BlockField
      label={`${VOCABULARY_LABELS[name].label} ${index + 1}`}
      optional={VOCABULARY_LABELS[name].optional ?? true}
      lang={VOCABULARY_LABELS[name].lang}
      value={value ?? ''}
      onChange={(next) => setVocabularyField(editor, path(), index, name, next)}
    />
  );
  return (
    <div {...attributes} className={selected && focused ? 'rte-vocabulary rte-image-selected' : 'rte-vocabulary'}>
      <dl className="vocabulary" contentEditable={false}>
        {element.entries.map((entry, index) => (
          // The entries have no identity of their own; their order is theirs.
          // eslint-disable-next-line react/no-array-index-key
          <div key={index} className="vocabulary-entry">
            <dt>
              {field(index, 'word', entry.word)}
              {field(index, 'ipa', entry.ipa)}
              <Pronunciation index={index} word={entry.word} audio={entry.audio} path={path} />
              <select
                className="rte-block-field"
                aria-label={`Part of speech ${index + 1}`}
                value={entry.pos ?? ''}
                {...ownEvents}
                onChange={(event) => setVocabularyField(editor, path(), index, 'pos', event.target.value)}
              >
                <option value="">Part of speech (optional)</option>
                {PARTS_OF_SPEECH.map((pos) => (
                  <option key={pos} value={pos}>
                    {pos}
                  </option>
                ))}
              </select>
            </dt>
            <dd>{field(index, 'meaning', entry.meaning)}</dd>
            <dd>{field(index, 'example', entry.example)}</dd>
            <button
              type="button"
              className="rte-block-button"
              onClick={() => removeVocabularyEntry(editor, path(), index)}
            >
              Remove word {index + 1}
            </button>
          </div>
        ))}
        <button type="button" className="rte-block-button" onClick={() => addVocabularyEntry(editor, path())}>
          Add a word
        </button>
      </dl>
      {children}
    </div>
  );
}
