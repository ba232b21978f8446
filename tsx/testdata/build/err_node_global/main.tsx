import { Resource } from "tfkit";

// Buffer, a Node global, to encode user data.
const userData = Buffer.from("#!/bin/sh\necho hi\n").toString("base64");

export default () => <Resource type="aws_instance" name="web" ami="ami-1" instance_type="t3.micro" user_data_base64={userData} />;
