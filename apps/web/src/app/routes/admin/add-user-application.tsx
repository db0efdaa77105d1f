export function meta() {
  return [{ title: 'Add Application | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Add Application</h1>;
}
