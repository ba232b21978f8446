import { Resource, useRef, type Ref } from "tfkit";

type NetworkProps = {
  /** Prefix of every name. */
  name: string;
  /** The VPC the subnets belong to. */
  vpcRef: Ref;
  zones: string[];
  /** Third octet of the first subnet. */
  firstNet: number;
};

export function Network({ name, vpcRef, zones, firstNet }: NetworkProps) {
  const table = useRef();
  const subnets = zones.map(() => useRef());
  return (
    <>
      {zones.map((zone, i) => (
        <Resource
          type="aws_subnet"
          name={`${name}_${i}`}
          ref={subnets[i]}
          vpc_id={vpcRef.id}
          cidr_block={`10.0.${firstNet + i}.0/24`}
          availability_zone={zone}
          tags={{ Name: `${name}-${zone}` }}
        />
      ))}
      <Resource type="aws_route_table" name={name} ref={table} vpc_id={vpcRef.id} />
      {zones.map((_, i) => (
        <Resource type="aws_route_table_association" name={`${name}_${i}`} subnet_id={subnets[i].id} route_table_id={table.id} />
      ))}
    </>
  );
}
