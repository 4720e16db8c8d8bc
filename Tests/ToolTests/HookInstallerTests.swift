import FileSupport
import Foundation
import Testing
import WorkflowTestSupport
@testable import Workflow

@Suite struct HookInstallerTests {
    @Test func installsAnExecutableMarkedHookAndReportsItsState() throws {
        let repository = try TestRepository()
        let installer = try HookInstaller(repositoryPath: repository.url)
        #expect(installer.state(.preCommit) == .notInstalled)
        let hook = try installer.install(.preCommit)
        #expect(hook.path == repository.url.appendingPathComponent(".git/hooks/pre-commit").path)
        #expect(FileManager.default.isExecutableFile(atPath: hook.path))
        #expect(repository.read(".git/hooks/pre-commit")?.contains("exec docsheet check --staged") == true)
        #expect(installer.state(.preCommit) == .installed(chained: false))
        _ = try installer.install(.preCommit) // updating our own hook is fine
        #expect(try installer.uninstall(.preCommit))
        #expect(installer.state(.preCommit) == .notInstalled)
        #expect(try installer.uninstall(.preCommit) == false)
    }

    @Test func refusesAForeignHookUnlessChainedOrForced() throws {
        let repository = try TestRepository()
        try repository.write(".git/hooks/pre-commit", "#!/bin/sh\necho lint\n")
        let installer = try HookInstaller(repositoryPath: repository.url)
        #expect(installer.state(.preCommit) == .foreign)
        #expect(throws: WorkflowError.foreignHook(path: installer.hookURL(.preCommit).path)) { try installer.install(.preCommit) }
        #expect(repository.read(".git/hooks/pre-commit") == "#!/bin/sh\necho lint\n")
        #expect(throws: WorkflowError.self) { try installer.uninstall(.preCommit) }

        _ = try installer.install(.preCommit, chain: true)
        #expect(installer.state(.preCommit) == .installed(chained: true))
        #expect(repository.read(".git/hooks/pre-commit.docsheet-chained") == "#!/bin/sh\necho lint\n")
        #expect(try installer.uninstall(.preCommit))
        #expect(repository.read(".git/hooks/pre-commit") == "#!/bin/sh\necho lint\n")

        _ = try installer.install(.preCommit, force: true)
        #expect(installer.state(.preCommit) == .installed(chained: false))
    }

    @Test func honoursCoreHooksPath() throws {
        let repository = try TestRepository()
        try repository.git("config", "core.hooksPath", "tools/hooks")
        let hook = try HookInstaller(repositoryPath: repository.url).install(.prePush)
        #expect(hook.path == repository.url.appendingPathComponent("tools/hooks/pre-push").path)
        #expect(repository.read("tools/hooks/pre-push")?.contains("exec docsheet generate") == true)
    }

    @Test func aLinkedWorktreeUsesTheSharedHooksFolder() throws {
        let repository = try TestRepository()
        try repository.write("README", "x\n")
        try repository.commitAll("first")
        let worktree = repository.url.appendingPathComponent("wt")
        try repository.git("worktree", "add", "-q", worktree.path)
        let installer = try HookInstaller(repositoryPath: worktree)
        #expect(installer.hooksFolder.path == repository.url.appendingPathComponent(".git/hooks").path)
    }

    @Test func outsideARepositoryIsAnError() throws {
        let folder = try TestRepository(git: false)
        #expect(throws: WorkflowError.notAGitRepository(path: folder.url.path)) { try HookInstaller(repositoryPath: folder.url) }
    }

    @Test func aMissingFolderInsideARepositoryIsAnInputError() throws {
        let repository = try TestRepository()
        let missing = repository.url.appendingPathComponent("nope")
        #expect(throws: WorkflowError.inputNotFound(path: missing.path, hint: "pass a folder inside the git repository with --repository")) {
            try HookInstaller(repositoryPath: missing)
        }
    }

    @Test func theScriptSkipsWithAMessageWhenDocsheetIsMissing() throws {
        let repository = try TestRepository()
        let hook = try HookInstaller(repositoryPath: repository.url).install(.preCommit)
        let result = try runHook(hook, in: repository)
        #expect(result.status == 0)
        #expect(String(decoding: result.standardError, as: UTF8.self).contains("docsheet: not found on PATH; skipping 'docsheet check --staged'"))
    }

    @Test func aChainedHookThatFailsStopsTheCommit() throws {
        let repository = try TestRepository()
        // Written by a child process: a file this (multi-threaded) test process had open for writing could be
        // inherited by a process another test spawns at that moment, and executing it would fail with ETXTBSY.
        let foreign = try ProcessRunner.run(
            executable: "/bin/sh",
            arguments: ["-c", "printf '#!/bin/sh\\necho lint failed >&2\\nexit 7\\n' > .git/hooks/pre-commit && chmod 755 .git/hooks/pre-commit"],
            directory: repository.url, environment: ["PATH": "/usr/bin:/bin"])
        #expect(foreign.status == 0)
        let hook = try HookInstaller(repositoryPath: repository.url).install(.preCommit, chain: true)
        let result = try runHook(hook, in: repository)
        #expect(result.status == 7)
    }

    /// Runs an installed hook script through `/bin/sh` (as git would run it, without executing the file this process
    /// just wrote: see `aChainedHookThatFailsStopsTheCommit`), with a PATH that has no docsheet.
    private func runHook(_ hook: URL, in repository: TestRepository) throws -> ProcessResult {
        try ProcessRunner.run(executable: "/bin/sh", arguments: [hook.path], directory: repository.url,
                              environment: ["PATH": "/usr/bin:/bin"])
    }
}
