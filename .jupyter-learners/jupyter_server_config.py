"""The learners' JupyterLab (`make lab`): the lessons without the teachers' tools.

nbgrader (its menus, the Create Assignment panel and its "No nbgrader_config.py file found" lines) and Voila's
preview come with the test and classroom extras; a learner does not need them, so `make lab` turns their server
extensions off here and their front-end parts off in labconfig/page_config.json (which also silences JupyterLab's
"get notified about Jupyter news" question). Teachers: `make lab CLASSROOM=1` starts JupyterLab with them.
"""
c = get_config()  # noqa: F821  (jupyter's config loader defines it)
c.ServerApp.jpserver_extensions = {
    "nbgrader.server_extensions.formgrader": False,
    "nbgrader.server_extensions.validate_assignment": False,
    "nbgrader.server_extensions.assignment_list": False,
    "nbgrader.server_extensions.course_list": False,
    "voila.server_extension": False,
}


def _save_lessons_as_committed(model, path, contents_manager=None, **kwargs):
    """Save a lesson (a notebook under notebooks/) without outputs, execution counts and the kernel's version
    details, as the lessons are committed: saving a lesson you only ran leaves `git status` clean (git cannot see
    through the nbstripout filter when a file's size changed). Your code changes are saved; outputs are not
    (run the lesson again after reopening it). Other notebooks, your exercise copies included, are saved whole."""
    if model.get("type") != "notebook" or not str(path).lstrip("/").startswith("notebooks/"):
        return
    import nbformat
    from nbstripout._nbstripout import strip_output

    keys = ["metadata.language_info." + k for k in ("codemirror_mode", "file_extension", "mimetype",
                                                    "nbconvert_exporter", "pygments_lexer", "version")]
    nb = nbformat.from_dict(model["content"])
    model["content"] = strip_output(nb, keep_output=False, keep_count=False, keep_id=True, extra_keys=keys)


c.FileContentsManager.pre_save_hook = _save_lessons_as_committed
