/// The checks a whole plan passes before a deploy writes anything: the target's record is
/// readable and names this site, a target no deploy wrote is empty (or adopted), and the
/// deletions are within `max_deletes`. The output's own integrity is `LocalOutput.load`'s.
package enum DeployGuard {
    package struct Options: Sendable {
        package var adopt = false
        package var allowDeletes = false
        package var verify = false

        package init(adopt: Bool = false, allowDeletes: Bool = false, verify: Bool = false) {
            self.adopt = adopt
            self.allowDeletes = allowDeletes
            self.verify = verify
        }
    }

    /// Why the deploy must not start, or nil.
    package static func refusal(plan: DeployPlan, state: RemoteState, site: String?, options: Options) -> String? {
        let nothing = "nothing was uploaded or deleted"
        switch state.record {
        case .damaged where !options.verify:
            return "the target's deploy record (\(DeployRecord.fileName)) cannot be read: \(nothing). "
                + "masthead deploy --verify compares every file with the target and rebuilds the record"
        case .found(let recorded?) where site != nil && recorded != site && !options.adopt:
            return "the target holds the site \(recorded) (its deploy record), not \(site ?? ""): \(nothing). "
                + "Deploy to another bucket, prefix or folder; or, if this site is that one under a new baseURL, pass --adopt"
        case .missing where !options.adopt:
            // Counted as the listing streams by; the first five named.
            var count = 0
            var firstFive: [String] = []
            for file in state.files where !file.owned {
                count += 1
                if firstFive.count < 5 { firstFive.append(file.path) }
            }
            guard count > 0 else { break }
            let shown = firstFive.joined(separator: ", ") + (count > 5 ? ", …" : "")
            return "the target is not empty and no deploy of this site wrote it (it has no \(DeployRecord.fileName)): "
                + "\(count) files are there (\(shown)); \(nothing). Deploy to an empty bucket, prefix or folder; "
                + "or pass --adopt to publish beside them (they are never deleted; those the site has are replaced)"
        default:
            break
        }
        if plan.deletionsNeedConfirmation, !options.allowDeletes {
            return "\(plan.deletions.count) files to delete, more than max_deletes (\(plan.maxDeletes)): \(nothing). "
                + "See them with --dry-run; delete them with --allow-deletes, or raise max_deletes in site.yml"
        }
        return nil
    }
}
