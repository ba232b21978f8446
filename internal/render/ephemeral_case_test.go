package render

import "github.com/tfkit/tfkit/config"

// ephemeralCase is a Terraform 1.10+ ephemeral resource with its
// meta-arguments, read by a provider block and a local value. In JSON its
// provider and depends_on are bare references, as for a data source.
func ephemeralCase() *config.Config {
	return cfgOf(
		blk("ephemeral", lbl("random_password", "db"),
			at("length", config.Int(16)),
			at("special", config.Bool(false)),
			at("provider", ref("random.alt")),
			at("depends_on", tup(ref("random_pet.name"), ref("data.aws_ami.u"))),
			blk("lifecycle", nil,
				blk("postcondition", nil,
					at("condition", bin(call("length", ref("self.result")), "==", config.Int(16))),
					at("error_message", str("Wrong length.")),
				),
			),
		),
		blk("ephemeral", lbl("random_password", "each"),
			at("for_each", ref("var.users")),
			at("length", ref("each.value")),
		),
		blk("provider", lbl("postgresql"),
			at("password", ref("ephemeral.random_password.db.result")),
		),
		blk("locals", nil,
			at("passwords", ref("ephemeral.random_password.each")),
		),
	)
}
