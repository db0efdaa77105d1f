export function meta() {
  return [{ title: 'Edit Application | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Edit Application</h1>;
}
