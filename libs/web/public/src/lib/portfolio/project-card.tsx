import { Link } from 'react-router-dom';
import { projectPath, type ProjectCard as ProjectCardData } from '@blog/contracts';
import { POST_CARD_IMAGE_SIZES, UploadedPicture } from '@blog/web/ui';
import { useLocalPath, useT } from '../i18n/language-context';
import { projectYears } from './project-years';
import { StackTags } from './stack-tags';
import './portfolio.css';

/** A card's image box (8:5, as a post card's): a cover of unknown size is drawn into it. */
const COVER_BOX = { width: 800, height: 500 };

/**
 * A project in a grid: cover, title, client and year, summary and stack. The title is the link a
 * screen reader meets; the cover repeats it for pointers only.
 */
export function ProjectCard({
  project,
  titleAs: Title = 'h2',
  eager = false,
}: {
  project: ProjectCardData;
  titleAs?: 'h2' | 'h3';
  eager?: boolean;
}) {
  const href = useLocalPath()(projectPath(project.slug));
  const t = useT();
  return (
    <article className="project-card">
      <Link className="project-card__cover" to={href} tabIndex={-1} aria-hidden="true">
        {project.cover && (
          <UploadedPicture
            fileName={project.cover}
            naturalWidth={null}
            sizes={POST_CARD_IMAGE_SIZES[3]}
            alt=""
            {...COVER_BOX}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        )}
      </Link>
      <div className="project-card__body">
        <Title className="project-card__title">
          <Link to={href}>{project.title}</Link>
        </Title>
        <p className="project-card__facts">
          {project.client_name && <span>{project.client_name} · </span>}
          <span>{projectYears(project)}</span>
        </p>
        {project.summary && <p className="project-card__summary">{project.summary}</p>}
        <StackTags stack={project.stack} label={t('portfolio.stackOf', { title: project.title })} />
      </div>
    </article>
  );
}

/** Projects as a grid of cards; the first row's covers are fetched at once. */
export function ProjectGrid({ projects, titleAs }: { projects: readonly ProjectCardData[]; titleAs?: 'h2' | 'h3' }) {
  return (
    <ul className="project-grid">
      {projects.map((project, index) => (
        <li key={project.id}>
          <ProjectCard project={project} titleAs={titleAs} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
