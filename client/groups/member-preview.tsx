import type { GroupMemberView } from '#shared/groups/group-contract.ts';

/**
 * The member's own shirt: the group's design with their back name and number, drawn by the server, so a
 * player checks the spelling and number on what will print before the deadline.
 */
export function MemberPreview({ preview }: { preview: NonNullable<GroupMemberView['preview']> }) {
  return (
    <div className="mt-3">
      <p className="text-stone-700">Your shirt, with the name and number you gave:</p>
      <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {preview.map((picture) => (
          <figure key={picture.view} className="min-w-0" data-testid={`preview-${picture.view}`}>
            <img
              src={picture.src}
              alt={picture.alt}
              width={600}
              height={700}
              className="h-auto w-full rounded-lg border border-stone-200 bg-stone-100"
            />
            <figcaption className="mt-2 text-sm font-semibold text-stone-700">
              {picture.view === 'front' ? 'Front' : 'Back'}
            </figcaption>
          </figure>
        ))}
      </div>
    </div>
  );
}
