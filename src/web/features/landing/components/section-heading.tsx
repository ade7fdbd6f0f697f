type SectionHeadingProps = { id: string; title: string; intro: string };

export function SectionHeading({ id, title, intro }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg leading-8 text-slate-600">{intro}</p>
    </div>
  );
}
