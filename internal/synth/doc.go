// Package synth is the one synthesis path of tfkit: the Go authoring API
// (App.Synth), the TSX front end (tsx.Synth) and the tfkit CLI hand it the
// stacks they built, configuration models with what the cross-stack
// rewrite needs (App, Stack), and it does the rest in one order:
//
//  1. validate: the front end's recorded mistakes, config.Validate of each
//     stack (unless the front end did it), ambiguous cross-stack references
//     and dependency cycles between stacks (Plan.Validate);
//  2. rewrite references to other stacks' elements into outputs of the
//     producer and terraform_remote_state data sources of the consumer,
//     with manifest dependencies (NewPlan), and merge the recorded
//     required_providers entries into each terraform block (Plan.Config);
//  3. check every stack against provider schemas when there are any;
//  4. render each stack (HCL or Terraform JSON, where the blocks of
//     attributes that the schemas declare as lists or sets of objects are
//     written as Terraform reads them in JSON: jsonAttributeBlocks), copy
//     the local modules it calls and the files of the project it and they
//     read by a path (package localmod), and write manifest.json (Files);
//  5. write the output without half-written files, replacing only the
//     files the previous manifest lists (Write, through internal/outdir).
//
// Front ends never write text or files themselves; this package never
// knows how a model was authored.
package synth
